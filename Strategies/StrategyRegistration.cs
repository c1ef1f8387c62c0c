using EventCommitLab.Contract;
using EventCommitLab.Contract.Port;
using EventCommitLab.Strategies.Shared;

namespace EventCommitLab.Strategies;

/// <summary>A strategy's name, what it claims, how to build it on a store, and what it needs of the store beyond the common port.</summary>
/// <param name="Claims">The guarantees every instance claims (its <see cref="ICommitStrategy.Guarantees"/>).</param>
public sealed record StrategyRegistration(string Name, StrategyGuarantees Claims, Func<IEventStore, CommitStrategyOptions, ICommitStrategy> Create, IReadOnlyList<StoreFeature>? Needs = null)
{
    private const string Suffix = "Strategy";

    /// <summary>One of the seven strategies the seed's benchmark compared: the seed verb runs these by default.</summary>
    public bool InSeed { get; init; }

    /// <summary>
    /// The design this registration tunes (a knob of it, such as the pipeline's batches in flight), or null for a design
    /// of its own. A tuning is not a contender of the default race, which holds one entrant per design: the suite that
    /// owns the knob races it (the pipeline's depth: <c>pipeline</c>), and <c>--strategies</c> names it to race it anyway.
    /// </summary>
    public string? TuningOf { get; init; }

    /// <summary>
    /// A design of its own that the default race does not hold yet: raced only when named (<c>--strategies</c>), as a
    /// tuning is, while its tests and the suites that name it check it. Adding a design to the default race changes every
    /// row's contenders, and with them how many rows a default run decides; a design waits here until runs with it in
    /// the race have been read, then its line drops the flag.
    /// </summary>
    public bool OnTrial { get; init; }

    /// <summary>A strategy registered under its class name without "Strategy", the name it reports itself.</summary>
    public static StrategyRegistration For<T>(Func<IEventStore, CommitStrategyOptions, T> create, params IReadOnlyList<StoreFeature> needs)
        where T : ICommitStrategy, IClaimsGuarantees =>
        new(NameOf(typeof(T)), T.Claims, (store, options) => create(store, options), needs);

    /// <summary>Why the strategy cannot run on <paramref name="store"/>, or null when it can.</summary>
    public string? UnavailableOn(IEventStore store)
    {
        ArgumentNullException.ThrowIfNull(store);
        var reasons = (Needs ?? []).Select(store.Lacks).OfType<string>().ToArray();
        return reasons.Length == 0 ? null : string.Join("; ", reasons);
    }

    /// <summary>A strategy type's name: its class name without "Strategy".</summary>
    public static string NameOf(Type strategyType)
    {
        ArgumentNullException.ThrowIfNull(strategyType);
        return strategyType.Name.EndsWith(Suffix, StringComparison.Ordinal) ? strategyType.Name[..^Suffix.Length] : strategyType.Name;
    }

    public override string ToString() => Name;
}
