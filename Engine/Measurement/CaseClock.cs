using System.Diagnostics;

namespace EventCommitLab.Engine.Measurement;

/// <summary>
/// A contender's own time in its cell (its warm-up and its rounds, not the other contenders' turns), charged against
/// --case-timeout: each stretch of its time is a phase, whose token the run's cancellation or the time running out cancels.
/// </summary>
internal sealed class CaseClock(TimeSpan timeout, CancellationToken run) : IDisposable
{
    private readonly TimeSpan _timeout = timeout;
    private TimeSpan _timeLeft = timeout;
    private CancellationTokenSource _phase = CancellationTokenSource.CreateLinkedTokenSource(run);

    /// <summary>The current phase's token.</summary>
    public CancellationToken Token => _phase.Token;

    /// <summary>A stretch of this contender's own time; disposing it charges the time spent to its budget.</summary>
    public Phase StartPhase()
    {
        _phase.Dispose();
        _phase = CancellationTokenSource.CreateLinkedTokenSource(run);
        _phase.CancelAfter(_timeLeft > TimeSpan.Zero ? _timeLeft : TimeSpan.FromMilliseconds(1));
        return new Phase(this, Stopwatch.GetTimestamp());
    }

    /// <summary>What ended a failed phase: the run's cancellation, the case's timeout, or the exception itself.</summary>
    public Exception CauseOf(Exception exception) =>
        run.IsCancellationRequested ? new OperationCanceledException("The run was cancelled.", exception)
        : _phase.IsCancellationRequested ? new CaseTimedOutException(_timeout, exception)
        : exception;

    public void Dispose() => _phase.Dispose();

    /// <summary>One stretch of the contender's time (a struct: a round starts one, and rounds are many).</summary>
    internal readonly struct Phase(CaseClock owner, long started) : IDisposable
    {
        public void Dispose() => owner._timeLeft -= Stopwatch.GetElapsedTime(started);
    }
}
