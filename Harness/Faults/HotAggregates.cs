using EventCommitLab.Engine.Results;

namespace EventCommitLab.Harness.Faults;

/// <summary>Writer processes commanding the same aggregates: how many they share, and how each runs its commands on them.</summary>
public sealed record HotAggregates(int Aggregates, CommandMode Commands);
