namespace EventCommitLab.Harness.Faults;

/// <summary>Where a faults run ran, for its summary's header.</summary>
public sealed record FaultsEnvironment(
    string Cpu, int Cores, string OperatingSystem, string Runtime, string Store, string? GitCommit, string CommandLine, DateTimeOffset Started, DateTimeOffset Finished);
