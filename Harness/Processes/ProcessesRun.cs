using EventCommitLab.Reporting;

namespace EventCommitLab.Harness.Processes;

/// <summary>A processes run as its results.json keeps it.</summary>
/// <param name="Committers">Committers in all, split evenly over a layout's processes.</param>
/// <param name="Aggregates">The aggregates they all command.</param>
/// <param name="Checks">Per strategy, its log read back after its rounds.</param>
internal sealed record ProcessesRun(
    SuiteEnvironment Environment, int Committers, int Aggregates, double RampSeconds, double WindowSeconds, IReadOnlyList<ProcessesCase> Cases,
    IReadOnlyDictionary<string, VersionCheck> Checks);
