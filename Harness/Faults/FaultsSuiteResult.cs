using EventCommitLab.Reporting;

namespace EventCommitLab.Harness.Faults;

/// <summary>What a faults run found, and where: every fault case and soak.</summary>
public sealed record FaultsSuiteResult(IReadOnlyList<FaultCaseResult> Cases, IReadOnlyList<SoakResult> Soaks, SuiteEnvironment Environment);
