using EventCommitLab.Harness.Cli;
using EventCommitLab.Harness.Faults;
using EventCommitLab.Engine.Results;
using EventCommitLab.Stores.Postgres.Server;
using EventCommitLab.Strategies;
using EventCommitLab.Tests.Infrastructure;
using EventCommitLab.Verification;

namespace EventCommitLab.Tests.Harness.Faults;

/// <summary>
/// The faults suite's cases for real, each on a private PostgreSQL of its own (killing the shared one would hurt the
/// other tests): the server SIGKILLed under 100 committers and restarted, connections ended mid-commit.
/// </summary>
public sealed class FaultsSuiteTests : IAsyncLifetime
{
    private OwnPostgres _own = null!;

    public async ValueTask InitializeAsync() => _own = await OwnPostgres.StartAsync("faults");

    public async ValueTask DisposeAsync() => await _own.DisposeAsync();

    [Theory]
    [InlineData(FaultKind.KillServer, "TransactionalCounter")]
    [InlineData(FaultKind.KillServer, "BatchingPipeline")]
    [InlineData(FaultKind.TerminateBackends, "BatchingPipeline")]
    [InlineData(FaultKind.KillWriterProcess, "TransactionalCounter")]
    [InlineData(FaultKind.KillWriterProcess, "BatchingPipeline")]
    [InlineData(FaultKind.CounterBehindLog, "TransactionalCounter")]
    [InlineData(FaultKind.CounterAheadOfLog, "BatchingPipeline")]
    public async Task a_strategy_that_claims_durability_loses_doubles_and_alters_nothing_when_the_database_is_hurt_under_load(FaultKind fault, string strategy)
    {
        var result = await FaultsSuite.RunCaseAsync(fault, StrategyCatalog.Get(strategy), _own.Provider, "postgres", CancellationToken.None);

        Assert.True(result.Failure is null, result.Failure);
        Assert.True(result.FaultsInjected > 0);
        Assert.True(result.Acknowledged > 0);
        Assert.Equal(VerificationKind.Verifier, result.Verification.Checked);
        Assert.True(result.Verification.Passed, string.Join("; ", result.Verification.Violations.Select(v => $"{v.Kind} x{v.Count}: {v.Example}")));
        Assert.All(
            [ViolationKind.LostEvents, ViolationKind.UnexpectedEvents, ViolationKind.AlteredEvent, ViolationKind.FailedCommitWritten, ViolationKind.SequenceGap],
            kind => Assert.Equal(0, result.Count(kind)));
        Assert.NotNull(result.LongestStall);
    }

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
