using EventCommitLab.Harness.Cli;
using EventCommitLab.Stores.Postgres.Server;
using EventCommitLab.Tests.Infrastructure;

namespace EventCommitLab.Tests.Harness.Cli;

/// <summary>A run whose store dies under it, on a private PostgreSQL of the class's own (the test kills it for good).</summary>
public sealed class LostStoreRunTests(OwnPostgresFixture server) : IClassFixture<OwnPostgresFixture>
{
    private readonly OwnPostgres _own = server.Own;

    [Fact]
    public async Task a_run_whose_server_dies_exits_6_as_a_lost_store_writes_nothing_and_blames_no_strategy()
    {
        var server = _own.Server;
        var folder = Path.Combine(_own.TempRoot, "run");
        var error = new StringWriter();

        var run = LabHost.RunAsync(
            ["--connection", server.AdminConnectionString, "--strategies", "InsertMany", "--load", "waves", "--methods", "CommitEvents",
             "--events", "1", "--concurrency", "2", "--rounds", "30", "--window", "1", "--out", folder],
            TextWriter.Null, error, CancellationToken.None);
        await Task.Delay(TimeSpan.FromSeconds(4), TestContext.Current.CancellationToken);
        UnixProcesses.Signal(server.ProcessId!.Value, UnixProcesses.SigKill);
        var exit = await run;

        Assert.Equal(ExitCodes.StoreLost, exit);
        Assert.StartsWith("error: the postgres store stopped answering", error.ToString(), StringComparison.Ordinal);
        Assert.False(Directory.Exists(folder));
        Assert.False(Directory.Exists(folder + ".partial"));
    }
}
