using EventCommitLab.Contract.Port;
using EventCommitLab.Harness.Cli;

namespace EventCommitLab.Tests.Harness.Cli;

public sealed class CancelledByTests
{
    private static readonly CancellationToken Cancelled = new(canceled: true);

    [Fact]
    public void a_write_cancelled_in_flight_is_the_runs_cancellation_once_the_run_is_cancelled()
    {
        var lost = new WriteOutcomeUnknownException("an auto-commit insert", new OperationCanceledException());

        Assert.True(CancelledBy.Explains(lost, Cancelled));
        Assert.True(CancelledBy.Explains(new AggregateException(new InvalidOperationException(), lost), Cancelled));
    }

    [Fact]
    public void a_cancellation_the_run_did_not_ask_for_is_not_the_runs()
    {
        Assert.False(CancelledBy.Explains(new OperationCanceledException(), CancellationToken.None));
    }

    [Fact]
    public void a_failure_that_holds_no_cancellation_is_not_the_runs_even_when_the_run_is_cancelled()
    {
        Assert.False(CancelledBy.Explains(new WriteOutcomeUnknownException("COMMIT", new TimeoutException()), Cancelled));
    }
}
