using System.Globalization;
using EventCommitLab.Harness.Cli;
using EventCommitLab.Harness.Runs;
using EventCommitLab.Harness.Suites;
using EventCommitLab.Strategies;

namespace EventCommitLab.Harness.Pipeline;

/// <summary>
/// <c>pipeline</c>: exactly the cells the group commit's goals are read in, with both pipeline variants, the bare
/// insert and the seed's implementation beside the ceiling; then each goal's ratio, interval and verdict.
/// </summary>
internal static class PipelineSuite
{
    public const string Name = "pipeline";

    /// <summary>The suite's line in <see cref="SuiteCatalog"/>: its results.json is the main job's run record, so it has no report of its own.</summary>
    public static SuiteRegistration Registration => new(Name, () => Verb, Report: null, RunAsync);

    /// <summary><c>pipeline</c> on the command line: the main job's options but the grid's, which the goals fix.</summary>
    public static LabVerb Verb => new(
        Name, "the group commit's goal cells; each goal's ratio, interval and verdict in goals.md",
        "the suite fixes it: its cells and contenders are the goals'; run the main job for another grid",
        GridOptions.Except(GridOptions.Strategies, GridOptions.Loads, GridOptions.Methods, GridOptions.Events, GridOptions.Concurrency, GridOptions.Aggregates, GridOptions.Contention),
        (_, o) => o with { Suite = Name });

    public static Task<int> RunAsync(HarnessOptions options, string commandLine, TextWriter console, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(options);
        options = options with
        {
            Strategies = [.. PipelineGoals.Strategies.Select(StrategyCatalog.Get)],
            Label = options.Label ?? $"{options.Store}-pipeline",
        };
        var suite = new ChosenCells(
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
