using EventCommitLab.Engine.Results;
using EventCommitLab.Harness.Faults;
using EventCommitLab.Strategies;
using EventCommitLab.Tests.Infrastructure;
using EventCommitLab.Verification;

namespace EventCommitLab.Tests.Harness.Faults;

/// <summary>
/// The faults suite's cases for real, on a private PostgreSQL of the class's own (killing the shared one would hurt the
/// other tests), each case in a fresh database of it: the server SIGKILLed under 100 committers and restarted,
/// connections ended mid-commit.
/// </summary>
public sealed class FaultsSuiteTests(OwnPostgresFixture server) : IClassFixture<OwnPostgresFixture>
{
    private readonly OwnPostgres _own = server.Own;

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
}
