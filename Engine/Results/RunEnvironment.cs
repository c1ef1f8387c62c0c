namespace EventCommitLab.Engine.Results;

/// <summary>Where and how a run was made: what a reader needs to reproduce it or to distrust it.</summary>
/// <param name="StoreCaveat">What the store does differently from the one the strategies were described for (<c>IEventStoreProvider.Caveat</c>); null when nothing, and in runs made before it was recorded.</param>
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
    DateTimeOffset Finished,
    string? StoreCaveat = null);
