using EventCommitLab.Strategies.Contract;
using EventCommitLab.Strategies.Port;
using EventCommitLab.Strategies.Shared;

namespace EventCommitLab.Strategies;

/// <summary>A strategy's name and how to build it on a store.</summary>
public sealed record StrategyRegistration(string Name, Func<IEventStore, CommitStrategyOptions, ICommitStrategy> Create)
{
    private const string Suffix = "Strategy";

    /// <summary>A strategy registered under its class name without "Strategy", the name it reports itself.</summary>
    public static StrategyRegistration For<T>(Func<IEventStore, CommitStrategyOptions, T> create)
        where T : ICommitStrategy =>
        new(NameOf(typeof(T)), (store, options) => create(store, options));

    /// <summary>A strategy type's name: its class name without "Strategy".</summary>
    public static string NameOf(Type strategyType)
    {
        ArgumentNullException.ThrowIfNull(strategyType);
        return strategyType.Name.EndsWith(Suffix, StringComparison.Ordinal) ? strategyType.Name[..^Suffix.Length] : strategyType.Name;
    }

    public override string ToString() => Name;
}
