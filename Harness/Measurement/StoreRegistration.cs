using System.CommandLine;
using EventCommitLab.Contract.Port;
using EventCommitLab.Harness.Cli;

namespace EventCommitLab.Harness.Measurement;

/// <summary>
/// A store as the harness knows it: its name, the options it adds to every verb that starts a store and how they set the
/// options, what it reads from the environment (which the command line overrides), why it cannot run here (null when it
/// can: the tests skip it with that reason), how the harness starts (or reaches) it, and how its durability is named in
/// the header.
/// </summary>
internal sealed record StoreRegistration(
    string Name,
    IReadOnlyList<Option> Options,
    Func<ParseResult, HarnessOptions, HarnessOptions> Bind,
    Func<HarnessOptions, HarnessOptions> FromEnvironment,
    Func<HarnessOptions, string?> UnavailableBecause,
    Func<HarnessOptions, Action<string>, CancellationToken, Task<IEventStoreProvider>> StartAsync,
    Func<HarnessOptions, string> Durability);
