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
    public void a_record_from_before_the_client_sent_rows_reads_as_built_on_the_server()
    {
        var comparison = System.Text.Json.JsonSerializer.Deserialize<StoreToolComparison>(
            """{"numberOfEvents":100,"committers":10,"tool":{"tool":"pgbench (PostgreSQL) 15.18","inserts":10,"perSecond":5,"commandLine":"pgbench"}}""", LabJson.Options);

        Assert.Equal(StoreToolRows.BuiltOnServer, comparison!.Rows);
    }
}
