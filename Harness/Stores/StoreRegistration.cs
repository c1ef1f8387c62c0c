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

    /// <summary>What each strategy's commit sends to the store, as its module states it; null where it states none.</summary>
    public StoreCommitShapes? CommitShapes { get; init; }

    /// <summary>
    /// The registration of a store's module: each of its options becomes a command-line option whose value is checked
    /// against the option's choices, and given, is applied to the store's settings (and names the run's durabilities
    /// where the option says so).
    /// </summary>
    public static StoreRegistration For(IStoreModule module)
    {
        ArgumentNullException.ThrowIfNull(module);
        var options = module.Options.Select(o => (Store: o, Line: LineOf(o))).ToArray();
        return new StoreRegistration(
            module.Name,
            [.. options.Select(o => (Option)o.Line)],
            (result, harness) =>
            {
                var settings = harness.StoreSetting(module);
                foreach (var (store, line) in options)
                {
                    if (result.Given(line, out var values))
                    {
                        settings = module.Apply(settings, store, values);
                        harness = store.NamesDurabilities ? harness with { Durabilities = values } : harness;
                    }
                }

                return harness.WithStoreSetting(module, settings);
            },
            harness => harness.WithStoreSetting(module, module.FromEnvironment()),
            harness => module.UnavailableBecause(harness.StoreSetting(module)),
            (harness, log, ct) => module.StartAsync(harness.StoreSetting(module), log, ct),
            harness => module.DescribeDurabilities(harness.Durabilities ?? [module.Durability(harness.StoreSetting(module))]))
        {
            Provider = module.Provider,
            OpenAt = module.OpenAt,
            CommitShapes = module.CommitShapes,
        };
    }

    /// <summary>Whether the store's provider offers <typeparamref name="TPort"/>.</summary>
    public bool Offers<TPort>() => typeof(TPort).IsAssignableFrom(Provider);

    private static Option<string[]> LineOf(StoreOption option) =>
        LabOption.Of(option.Name, option.ValueName, option.Description, (name, value) =>
            option.Choices is not { } choices ? [value]
            : option.Many ? OptionValues.SomeOf(name, value, choices)
            : [OptionValues.OneOf(name, value, choices)]);
}
