using EventCommitLab.Engine.Racing;
using EventCommitLab.Harness.Pipeline;
using EventCommitLab.Reporting;

namespace EventCommitLab.Harness.DcbAppends;

/// <summary>Everything the dcb suite's summary is written from.</summary>
/// <param name="Race">How each cell's race decided; null in runs from before the race.</param>
/// <param name="Verdicts">Each workload's verdict per cell; null in runs from before the race.</param>
public sealed record DcbSuiteResult(
    DcbSuiteSettings Settings,
    IReadOnlyDictionary<string, string> Mechanisms,
    IReadOnlyList<DcbLoad> Loads,
    IReadOnlyList<DcbCellResult> Cells,
    IReadOnlyList<PipelineGoal> Goals,
    IReadOnlyList<DcbVerification> Verifications,
    SuiteEnvironment Environment,
    RaceSettings? Race = null,
    IReadOnlyList<DcbVerdict>? Verdicts = null)
{
    public DcbVerdict? Verdict(string size, int events, int clients, DcbWorkload workload) =>
        Verdicts?.FirstOrDefault(v => v.Size == size && v.EventsPerAppend == events && v.Clients == clients && v.Workload == workload);
}
