using EventCommitLab.Reporting;
using EventCommitLab.SuitePorts.Ceiling;

namespace EventCommitLab.Harness.Floor;

/// <summary>What a floor run measured, and where.</summary>
public sealed record FloorSuiteResult(
    FloorSuiteSettings Settings,
    IReadOnlyList<FloorPhaseResult> Phases,
    StoreToolInsertRate? ToolDurable,
    StoreToolInsertRate? ToolLazy,
    SuiteEnvironment Environment);
