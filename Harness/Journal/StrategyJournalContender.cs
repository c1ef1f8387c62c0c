using System.Globalization;
using System.Text.Json;
using EventCommitLab.Contract;
using EventCommitLab.Contract.Model;
using EventCommitLab.Contract.Port;
using EventCommitLab.Peers.AkkaJournal;

namespace EventCommitLab.Harness.Journal;

/// <summary>
/// A lab strategy driven as Akka's persistent actors drive a journal: each actor owns one stream (an aggregate, its
/// version checked on every commit) and commits its events in order, one write in flight at a time, as Akka does.
/// Persist: one event per commit; PersistAll: groups of 50; PersistAsync and PersistAllAsync: the actor does not wait,
/// so what it issued while a write was in flight goes in the next commit, at most <see cref="MaxWriteBehind"/> events
/// (Akka's max-message-batch-size), whole groups only.
/// </summary>
internal sealed class StrategyJournalContender(ICommitStrategy strategy, IEventLog log, IStreamReader streams) : IJournalContender
{
    public const int MaxWriteBehind = 200;
    private const string AggregateType = "JournalBenchActor";

    public string Name => strategy.Name;

    public Task PersistAsync(IReadOnlyList<string> streams, PersistMode mode, int messagesPerStream, CancellationToken cancellationToken) =>
        Task.WhenAll(streams.Select(s => Task.Run(() => PersistStreamAsync(s, mode, messagesPerStream, cancellationToken), cancellationToken)));

    public Task RecoverAsync(IReadOnlyList<string> streams, int messagesPerStream, CancellationToken cancellationToken) =>
        Task.WhenAll(streams.Select(s => Task.Run(async () =>
        {
            if (await CheckStreamAsync(s, messagesPerStream, cancellationToken).ConfigureAwait(false) is { } broken)
            {
                throw new InvalidOperationException(broken);
            }
        }, cancellationToken)));

    public async Task<IReadOnlyList<string>> VerifyAsync(IReadOnlyDictionary<string, int> expected, CancellationToken cancellationToken)
    {
        var broken = new List<string>();
        foreach (var (stream, count) in expected)
        {
            if (await CheckStreamAsync(stream, count, cancellationToken).ConfigureAwait(false) is { } line)
            {
                broken.Add(line);
            }
        }

        return broken;
    }

    public async ValueTask DisposeAsync()
    {
        await strategy.DisposeAsync().ConfigureAwait(false);
        await log.DisposeAsync().ConfigureAwait(false);
    }

    /// <summary>The commits one actor makes of <paramref name="messages"/> commands in <paramref name="mode"/>: their sizes, in order.</summary>
    public static IEnumerable<int> CommitSizes(PersistMode mode, int messages)
    {
        var group = mode is PersistMode.PersistAll or PersistMode.PersistAllAsync ? JournalBenchActor.GroupSize : 1;
        // Not awaiting, the actor's first write goes out alone and the rest queue behind it; awaiting, every write is one unit.
        var unitsPerWrite = mode is PersistMode.PersistAsync or PersistMode.PersistAllAsync ? Math.Max(1, MaxWriteBehind / group) : 1;
        var written = 0;
        var first = true;
        while (written < messages)
        {
            var size = Math.Min(messages - written, first ? group : group * unitsPerWrite);
            first = false;
            written += size;
            yield return size;
        }
    }

    private async Task PersistStreamAsync(string stream, PersistMode mode, int messages, CancellationToken cancellationToken)
    {
        var aggregate = new AggregateKey(stream, AggregateType);
        var version = 0;
        foreach (var size in CommitSizes(mode, messages))
        {
            var events = new UncommittedEvent[size];
            for (var i = 0; i < size; i++)
            {
                events[i] = new UncommittedEvent(stream, nameof(JournalCommand), Payload(version + i + 1), []);
            }

            await strategy.CommitAggregateAsync(aggregate, version, events, cancellationToken).ConfigureAwait(false);
            version += size;
        }
    }

    private async Task<string?> CheckStreamAsync(string stream, int expected, CancellationToken cancellationToken)
    {
        var count = 0;
        await foreach (var e in streams.ReadStreamAsync(stream, cancellationToken).ConfigureAwait(false))
        {
            count++;
            using var payload = JsonDocument.Parse(e.Payload);
            if (e.AggregateVersion != count || payload.RootElement.GetProperty("payload").GetInt32() != count)
            {
                return string.Create(CultureInfo.InvariantCulture, $"{stream}: event {count} in sequence order is version {e.AggregateVersion} with payload {e.Payload}");
            }
        }

        return count == expected ? null : string.Create(CultureInfo.InvariantCulture, $"{stream}: {count} events stored, {expected} persisted");
    }

    private static string Payload(int number) => string.Create(CultureInfo.InvariantCulture, $$"""{"payload":{{number}}}""");
}
