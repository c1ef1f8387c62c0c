using EventCommitLab.Strategies.Port;

namespace EventCommitLab.Harness.Raw;

/// <summary>What a raw run measured, and where.</summary>
public sealed record RawSuiteResult(
    RawSuiteSettings Settings,
    IReadOnlyList<RawPhaseResult> Phases,
    StoreToolInsertRate? ToolDurable,
    StoreToolInsertRate? ToolLazy,
    string Cpu,
    int Cores,
    string OperatingSystem,
    string Runtime,
    string Store,
    string? GitCommit,
    string CommandLine,
    DateTimeOffset Started,
    DateTimeOffset Finished);
