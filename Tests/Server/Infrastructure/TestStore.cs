using EventCommitLab.Contract.Port;

namespace EventCommitLab.Tests.Infrastructure;

/// <summary>A store the tests run on: its name, how to start it, and why it cannot run here (null when it can).</summary>
public sealed record TestStore(string Name, Func<CancellationToken, Task<IEventStoreProvider>> StartAsync, Func<string?>? CannotRunBecause = null)
{
    public string? SkipReason() => CannotRunBecause?.Invoke();
}
