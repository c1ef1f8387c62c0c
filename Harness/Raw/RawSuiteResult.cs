using EventCommitLab.Reporting;
using EventCommitLab.SuitePorts.Ceiling;

namespace EventCommitLab.Harness.Raw;

/// <summary>What a raw run measured, and where.</summary>
public sealed record RawSuiteResult(
    RawSuiteSettings Settings,
    IReadOnlyList<RawPhaseResult> Phases,
    StoreToolInsertRate? ToolDurable,
    StoreToolInsertRate? ToolLazy,
    SuiteEnvironment Environment);
