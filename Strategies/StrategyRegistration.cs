using EventCommitLab.Strategies.Contract;
using EventCommitLab.Strategies.Port;
using EventCommitLab.Strategies.Shared;

namespace EventCommitLab.Strategies;

/// <summary>A strategy's name and how to build it on a store.</summary>
public sealed record StrategyRegistration(string Name, Func<IEventStore, CommitStrategyOptions, ICommitStrategy> Create)
{
    public override string ToString() => Name;
}
