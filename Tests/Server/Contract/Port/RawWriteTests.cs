using EventCommitLab.Contract.Model;
using EventCommitLab.Tests.Infrastructure;
using EventCommitLab.Verification;

namespace EventCommitLab.Tests.Contract.Port;

/// <summary>Each store's raw write (the ceiling's and the strategies' insert of numbered rows) on hand-built rows: every column as given.</summary>
[Collection(LabStoresCollection.Name)]
public sealed class RawWriteTests(LabStores stores)
{
    public static TheoryData<string> Stores => LabStores.Names;

    [Theory]
    [MemberData(nameof(Stores))]
    public async Task plain_rows_of_several_commits_keep_each_events_own_source_commit_type_tags_and_payload(string store)
    {
        await using var log = await stores.FreshStoreAsync(store);
        var (first, second) = (Guid.NewGuid(), Guid.NewGuid());
        IReadOnlyList<string> shared = ["orders", "lab"];
        StoredEvent[] rows =
        [
            new(0, "order-1", "OrderPlaced", null, null, first, shared, """{"n":0}"""),
            new(1, "order-2", "OrderLineAdded", null, null, first, shared, """{"n":1}"""),
            new(2, "order-2", "OrderLineAdded", null, null, first, ["orders"], """{"n":2}"""),
            new(3, "order-3", "OrderShipped", null, null, second, [], """{"n":3}"""),
            new(4, "order-3", "OrderShipped", null, null, second, ["orders", "lab"], """{"n":4}"""),
            new(5, "order-1", "OrderPlaced", null, null, first, ["b", "a"], """{"n":5}"""),
        ];

        await log.WriteRawAsync(rows, [], CancellationToken.None);

        var stored = await log.ReadLogAsync(TestContext.Current.CancellationToken).ToListAsync(TestContext.Current.CancellationToken);
        Assert.Equal(
            rows.Select(e => (e.SequenceNumber, e.EventSource, e.EventType, e.AggregateType, e.AggregateVersion, e.CommitId, string.Join('|', e.Tags), JsonDigest.Of(e.Payload))),
            stored.Select(e => (e.SequenceNumber, e.EventSource, e.EventType, e.AggregateType, e.AggregateVersion, e.CommitId, string.Join('|', e.Tags), JsonDigest.Of(e.Payload))));
    }
}
