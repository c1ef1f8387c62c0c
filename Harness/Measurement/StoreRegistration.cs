using EventCommitLab.Harness.Cli;
using EventCommitLab.Strategies.Port;

namespace EventCommitLab.Harness.Measurement;

/// <summary>A store's name, how the harness starts (or reaches) it from the options, and how its durability is named in the header.</summary>
internal sealed record StoreRegistration(
    string Name,
    Func<HarnessOptions, Action<string>, CancellationToken, Task<IEventStoreProvider>> StartAsync,
    Func<HarnessOptions, string> Durability);
