using System.CommandLine;
using EventCommitLab.Contract.Port;
using EventCommitLab.Harness.Cli;

namespace EventCommitLab.Harness.Stores;

/// <summary>
/// A store as the harness knows it: its name, the options it adds to every verb that starts a store and how they set the
/// options, what it reads from the environment (which the command line overrides), why it cannot run here (null when it
/// can: the tests skip it with that reason), how the harness starts (or reaches) it, and how its durability is named in
/// the header. <see cref="Provider"/> is the type <see cref="StartAsync"/> returns: the ports a suite needs are read from
/// it, so which stores a suite runs on is derived, never listed.
/// </summary>
internal sealed record StoreRegistration(
    string Name,
    IReadOnlyList<Option> Options,
    Func<ParseResult, HarnessOptions, HarnessOptions> Bind,
    Func<HarnessOptions, HarnessOptions> FromEnvironment,
    Func<HarnessOptions, string?> UnavailableBecause,
    Func<HarnessOptions, Action<string>, CancellationToken, Task<IEventStoreProvider>> StartAsync,
    Func<HarnessOptions, string> Durability)
{
    public required Type Provider { get; init; }

    /// <summary>Opens an existing log from its address in another process (the faults suite's writer process), or null when the store cannot.</summary>
    public Func<string, IEventLog>? OpenAt { get; init; }

    /// <summary>Whether the store's provider offers <typeparamref name="TPort"/>.</summary>
    public bool Offers<TPort>() => typeof(TPort).IsAssignableFrom(Provider);
}
