using EventCommitLab.Engine.Results;
using EventCommitLab.Reporting;
using EventCommitLab.SuitePorts.Ceiling;
using EventCommitLab.Tests.Engine;

namespace EventCommitLab.Tests.Reporting;

public sealed class StoreToolViewTests
{
    [Fact]
    public void each_cell_holds_the_ceiling_against_the_tool_sending_the_payloads_first_then_building_its_rows()
    {
        var run = SampleVerdicts.Run();
        var ceiling = run.Verdicts!.Single(v => v.Cell.Committers == 10).Ceiling!.Estimate;
        run = run with
        {
            StoreTool =
            [
                new StoreToolComparison(1, 10, new StoreToolInsertRate("pgbench (PostgreSQL) 15.18", 1000, ceiling * 4, "pgbench -M prepared built"), Rows: StoreToolRows.BuiltOnServer),
                new StoreToolComparison(1, 10, new StoreToolInsertRate("pgbench (PostgreSQL) 15.18", 1000, ceiling * 2, "pgbench -D payloads=<1 payloads> sent"), Rows: StoreToolRows.SentByClient),
            ],
        };

        var line = Assert.Single(StoreToolView.Lines(run));

        Assert.StartsWith("- **Ceiling against pgbench** on the same rows (1 events per commit, 10 clients): the ceiling ", line, StringComparison.Ordinal);
        Assert.Contains("; pgbench sending every payload from the client ", line, StringComparison.Ordinal);
        Assert.Contains("(ratio **0.50**); pgbench building its rows on the server ", line, StringComparison.Ordinal);
        Assert.Contains("(ratio 0.25); `pgbench -D payloads=<1 payloads> sent`; `pgbench -M prepared built`.", line, StringComparison.Ordinal);
        Assert.True(line.IndexOf("sending", StringComparison.Ordinal) < line.IndexOf("building", StringComparison.Ordinal));
    }

    [Fact]
    public void measured_in_turns_the_ratio_is_the_geometric_mean_of_the_turns_own_with_its_interval_and_their_range()
    {
        var run = SampleVerdicts.Run();
        double[] ceiling = [900, 1000, 800];
        run = run with
        {
            StoreTool =
            [
                new StoreToolComparison(1, 10, new StoreToolInsertRate("pgbench (PostgreSQL) 15.18", 3000, 1000, "pgbench sent"), Rows: StoreToolRows.SentByClient,
                    Turns: new StoreToolTurns("Ceiling:PerCommit", 2, ceiling, [1000, 1000, 1000])),
                new StoreToolComparison(1, 10, new StoreToolInsertRate("pgbench (PostgreSQL) 15.18", 6000, 2000, "pgbench built"), Rows: StoreToolRows.BuiltOnServer,
                    Turns: new StoreToolTurns("Ceiling:PerCommit", 2, ceiling, [1000, 2000, 4000])),
                new StoreToolComparison(1, 10, new StoreToolInsertRate("pgbench (PostgreSQL) 15.18", 3000, 900, "pgbench columns"), Rows: StoreToolRows.EveryColumnSentByClient,
                    Turns: new StoreToolTurns("Ceiling:PerCommit", 2, ceiling, [900, 1000, 800])),
            ],
        };

        var line = Assert.Single(StoreToolView.Lines(run));

        Assert.StartsWith("- **Ceiling against pgbench** on the same rows (1 events per commit, 10 clients), in 3 turns of 2 s each side: Ceiling:PerCommit 900 events/s (the turns' median; in the race the ceiling ", line, StringComparison.Ordinal);
        Assert.Contains("; pgbench sending every payload from the client 1,000 rows/s (ratio **0.90** [0.68–1.18], turns 0.80–1.00); " +
            "pgbench sending every column from the client as the lab's statement does 900 rows/s (ratio 1.00 [1.00–1.00], turns 1.00–1.00); " +
            "pgbench building its rows on the server 2,000 rows/s (ratio 0.45 [0.07–2.95], turns 0.20–0.90); `pgbench sent`; `pgbench columns`; `pgbench built`.", line, StringComparison.Ordinal);
    }

    [Fact]
    public void two_runs_turns_taken_together_weigh_every_turn_once()
    {
        var first = new StoreToolTurns("Ceiling:PerCommit", 1, [900, 1000, 800], [1000, 1000, 1000]);
        var second = new StoreToolTurns("Ceiling:PerCommit", 1, [1100, 1000, 1200], [1000, 1000, 1000]);

        var both = StoreToolTurns.Pooled([first, second]);

        Assert.Equal(6, both.Samples);
        Assert.Equal(Math.Pow(0.9 * 0.8 * 1.1 * 1.2, 1.0 / 6), both.Estimate, 12);
        Assert.Equal(" [0.85–1.15]", StoreToolView.Bounds(both));
        Assert.Equal(3, first.PairedRatio.Samples);
    }

    [Fact]
    public void turns_round_trip_through_the_record()
    {
        var turns = new StoreToolTurns("Ceiling:InFlight", 2, [1, 2, 3], [2, 2, 2]);
        var comparison = new StoreToolComparison(100, 10, new StoreToolInsertRate("pgbench", 6, 2, "pgbench"), Rows: StoreToolRows.SentByClient, Turns: turns);

        var read = System.Text.Json.JsonSerializer.Deserialize<StoreToolComparison>(System.Text.Json.JsonSerializer.Serialize(comparison, LabJson.Options), LabJson.Options)!;

        Assert.Equal((turns.CeilingVariant, turns.TurnSeconds), (read.Turns!.CeilingVariant, read.Turns.TurnSeconds));
        Assert.Equal(turns.CeilingEventsPerSecond, read.Turns.CeilingEventsPerSecond);
        Assert.Equal(turns.ToolRowsPerSecond, read.Turns.ToolRowsPerSecond);
        Assert.Equal(Math.Cbrt(0.5 * 1 * 1.5), read.Turns.PairedRatio.Estimate, 12);
    }

    [Fact]
    public void a_record_from_before_the_client_sent_rows_reads_as_built_on_the_server()
    {
        var comparison = System.Text.Json.JsonSerializer.Deserialize<StoreToolComparison>(
            """{"numberOfEvents":100,"committers":10,"tool":{"tool":"pgbench (PostgreSQL) 15.18","inserts":10,"perSecond":5,"commandLine":"pgbench"}}""", LabJson.Options);

        Assert.Equal(StoreToolRows.BuiltOnServer, comparison!.Rows);
    }
}
