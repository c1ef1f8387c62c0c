using System.Globalization;
using EventCommitLab.Harness.Cli;
using EventCommitLab.Harness.Measurement;
using EventCommitLab.Strategies;

namespace EventCommitLab.Harness.Pipeline;

/// <summary>
/// <c>pipeline</c>: exactly the cells the group commit's goals are read in, with both pipeline variants, the bare
/// insert and the seed's implementation beside the ceiling; then each goal's ratio, interval and verdict.
/// </summary>
internal static class PipelineSuite
{
    public static Task<int> RunAsync(HarnessOptions options, string commandLine, TextWriter console, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(options);
        options = options with
        {
            Strategies = [.. PipelineGoals.Strategies.Select(StrategyCatalog.Get)],
            Label = options.Label ?? $"{options.Store}-pipeline",
        };
        var suite = new LabSuite(
            PipelineGoals.Cells,
            run => [(PipelineGoalsWriter.FileName, PipelineGoalsWriter.Write(run, PipelineGoals.Evaluate(run)))],
            (run, output) =>
            {
                foreach (var goal in PipelineGoals.Evaluate(run))
                {
                    output.WriteLine(string.Create(CultureInfo.InvariantCulture,
                        $"{goal.Id,-4} {goal.Strategy,-26} {goal.Ratio?.Estimate,8:0.###} [{goal.Ratio?.Lower:0.###}, {goal.Ratio?.Upper:0.###}] {(goal.AtLeast ? ">=" : "<=")} {goal.Target:0.##}: {goal.Verdict}  ({goal.Description})"));
                }
            });
        return LabRunner.RunAsync(options, commandLine, console, suite, cancellationToken);
    }
}
