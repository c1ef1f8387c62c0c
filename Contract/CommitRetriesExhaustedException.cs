namespace EventCommitLab.Contract;

/// <summary>
/// A commit kept failing transiently until the retry pipeline gave up (attempts or total time spent). Nothing of the
/// failed attempts was written. <see cref="Exception.InnerException"/> is the last transient failure.
/// </summary>
public sealed class CommitRetriesExhaustedException(int attempts, TimeSpan elapsed, Exception? lastFailure)
    : Exception(
        string.Create(System.Globalization.CultureInfo.InvariantCulture,
            $"Retries exhausted after {attempts} attempts in {elapsed.TotalSeconds:0.#} s; last transient failure: {lastFailure?.Message.Split('\n')[0].Trim() ?? "none (the time ran out during the first attempt)"}"),
        lastFailure)
{
    public int Attempts { get; } = attempts;

    public TimeSpan Elapsed { get; } = elapsed;
}
