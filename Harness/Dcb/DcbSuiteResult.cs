using EventCommitLab.Harness.Pipeline;
using EventCommitLab.Harness.Reporting;

namespace EventCommitLab.Harness.Dcb;

/// <summary>Everything the dcb suite's summary is written from.</summary>
public sealed record DcbSuiteResult(
    DcbSuiteSettings Settings,
    IReadOnlyDictionary<string, string> Mechanisms,
    IReadOnlyList<DcbLoad> Loads,
    IReadOnlyList<DcbCellResult> Cells,
    IReadOnlyList<PipelineGoal> Goals,
    IReadOnlyList<DcbVerification> Verifications,
    SuiteEnvironment Environment);
