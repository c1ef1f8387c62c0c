using EventCommitLab.Strategies.Contract;

namespace EventCommitLab.Harness.Measurement;

/// <summary>Turns an exception into the short cause a table cell can hold.</summary>
internal static class FailureCause
{
    private const int MaxLength = 200;

    public static string Of(Exception exception)
    {
        var root = exception is AggregateException { InnerExceptions.Count: 1 } aggregate ? aggregate.InnerExceptions[0] : exception;
        var text = root switch
        {
            CommitRetriesExhaustedException exhausted => exhausted.Message,
            CaseTimedOutException timedOut => timedOut.Message,
            _ => $"{root.GetType().Name}: {root.Message}",
        };
        var line = text.Split('\n')[0].Trim();
        return line.Length <= MaxLength ? line : line[..(MaxLength - 3)] + "...";
    }
}
