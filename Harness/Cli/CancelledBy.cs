namespace EventCommitLab.Harness.Cli;

/// <summary>
/// Whether a run that ends in an exception ended because it was cancelled. A store reports a write cancelled in flight
/// as one whose outcome is unknown (it may still land), so the cancellation can arrive wrapped in another exception.
/// </summary>
internal static class CancelledBy
{
    /// <summary>True when the run's token was cancelled and the exception, or one it wraps, is that cancellation.</summary>
    public static bool Explains(Exception exception, CancellationToken cancellationToken) =>
        cancellationToken.IsCancellationRequested && Holds(exception);

    private static bool Holds(Exception? exception) => exception switch
    {
        null => false,
        OperationCanceledException => true,
        AggregateException all => all.InnerExceptions.Any(Holds),
        _ => Holds(exception.InnerException),
    };
}
