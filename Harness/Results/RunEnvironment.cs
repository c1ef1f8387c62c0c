namespace EventCommitLab.Harness.Results;

/// <summary>Where and how a run was made: what a reader needs to reproduce it or to distrust it.</summary>
public sealed record RunEnvironment(
    string Cpu,
    int Cores,
    string Memory,
    string OperatingSystem,
    string Runtime,
    IReadOnlyDictionary<string, string> Packages,
    string Store,
    string Durability,
    double DurableFlushMedianMs,
    double DurableFlushP95Ms,
    long Prefill,
    int PayloadBytes,
    MeasurementSettings Measurement,
    string CommandLine,
    string? GitCommit,
    DateTimeOffset Started,
    DateTimeOffset Finished);
