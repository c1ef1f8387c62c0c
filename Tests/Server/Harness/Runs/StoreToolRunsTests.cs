using EventCommitLab.Engine.Measurement;
using EventCommitLab.Engine.Results;
using EventCommitLab.Harness.Runs;
using EventCommitLab.Stores.Postgres;
using EventCommitLab.SuitePorts.Ceiling;
using EventCommitLab.Tests.Infrastructure;

namespace EventCommitLab.Tests.Harness.Runs;

/// <summary>The ceiling and pgbench taking turns on a real private PostgreSQL.</summary>
[Collection(LabStoresCollection.Name)]
public sealed class StoreToolRunsTests(LabStores stores)
{
    [Fact]
    public async Task the_ceiling_and_the_tool_take_turns_in_a_rotating_order_and_every_turn_pairs_their_rates()
    {
        var provider = await stores.ProviderAsync("postgres");
        var options = LabOptions.Parse(["--job", "dry"], new PostgresStoreConfiguration());
        var cell = new CellKey(LoadKind.Sustained, BenchmarkMethod.CommitEvents, 10, 2);
        using var console = new StringWriter();

        var comparisons = await StoreToolRuns.MeasureAsync(
            (IStoreToolEventInserts)provider, provider, [(cell, PerCommitCeiling.VariantName)], options.Cases, options.Measurement(false), TimeSpan.FromSeconds(1), 3, console,
            TestContext.Current.CancellationToken);

        Assert.SkipWhen(comparisons.Count == 0, "pgbench is not beside this machine's PostgreSQL server programs");
        Assert.Equal([StoreToolRows.SentByClient, StoreToolRows.EveryColumnSentByClient, StoreToolRows.BuiltOnServer], comparisons.Select(c => c.Rows));
        var ceiling = comparisons[0].Turns!.CeilingEventsPerSecond;
        Assert.Equal(3, ceiling.Count);
        Assert.All(ceiling, rate => Assert.True(rate > 0));
        Assert.All(comparisons, c =>
        {
            Assert.Equal((PerCommitCeiling.VariantName, 1.0), (c.Turns!.CeilingVariant, c.Turns.TurnSeconds));
            Assert.Equal(ceiling, c.Turns.CeilingEventsPerSecond);
            Assert.Equal(3, c.Turns.ToolRowsPerSecond.Count);
            Assert.All(c.Turns.ToolRowsPerSecond, rate => Assert.True(rate > 0));
            Assert.Equal(c.Turns.ToolRowsPerSecond.Order().ElementAt(1), c.Tool.PerSecond);
            Assert.Equal((10, 2), (c.NumberOfEvents, c.Committers));
        });
        var turns = console.ToString().Split('\n').Where(l => l.StartsWith("  turn ", StringComparison.Ordinal)).ToArray();
        Assert.Equal(3, turns.Length);
        Assert.StartsWith($"  turn 1 of 3: {PerCommitCeiling.VariantName} ", turns[0], StringComparison.Ordinal);
        Assert.StartsWith("  turn 2 of 3: payloads sent by the client ", turns[1], StringComparison.Ordinal);
        Assert.StartsWith("  turn 3 of 3: every column sent by the client ", turns[2], StringComparison.Ordinal);
    }
}
