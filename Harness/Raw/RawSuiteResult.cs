using EventCommitLab.Harness.Reporting;
using EventCommitLab.Strategies.Port;

namespace EventCommitLab.Harness.Raw;

/// <summary>What a raw run measured, and where.</summary>
public sealed record RawSuiteResult(
    RawSuiteSettings Settings,
    IReadOnlyList<RawPhaseResult> Phases,
    StoreToolInsertRate? ToolDurable,
    StoreToolInsertRate? ToolLazy,
    SuiteEnvironment Environment);
