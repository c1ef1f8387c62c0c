using EventCommitLab.Engine.Results;

namespace EventCommitLab.Harness.Journal;

/// <summary>What one workload's race decided among the contenders (the lab's strategies and Akka's journal).</summary>
public sealed record JournalVerdict(string Workload, RaceVerdict Race);
