using Microsoft.Extensions.Logging;

namespace EventCommitLab.Stores.Mongo;

/// <summary>
/// Testcontainers' log, forwarded to the lab's progress lines while a replica set starts: it reports the image pull at
/// debug level, and a first pull of the image can take minutes with nothing else printed. Repeated progress is thinned
/// to a line every few seconds; warnings and errors always pass.
/// </summary>
internal sealed class MongoDockerProgress(Action<string> log, TimeProvider clock) : ILogger
{
    private static readonly TimeSpan Every = TimeSpan.FromSeconds(3);
    private readonly Lock _gate = new();
    private DateTimeOffset _last = DateTimeOffset.MinValue;

    public IDisposable? BeginScope<TState>(TState state)
        where TState : notnull => null;

    public bool IsEnabled(LogLevel logLevel) => logLevel >= LogLevel.Debug;

    public void Log<TState>(LogLevel logLevel, EventId eventId, TState state, Exception? exception, Func<TState, Exception?, string> formatter)
    {
        ArgumentNullException.ThrowIfNull(formatter);
        if (!IsEnabled(logLevel))
        {
            return;
        }

        var now = clock.GetUtcNow();
        lock (_gate)
        {
            if (logLevel < LogLevel.Warning && now - _last < Every)
            {
                return;
            }

            _last = now;
        }

        log($"[mongo/docker] {formatter(state, exception)}");
    }
}
