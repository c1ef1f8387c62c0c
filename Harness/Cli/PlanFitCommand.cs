using System.CommandLine;
using System.Globalization;
using EventCommitLab.Engine.Measurement;
using EventCommitLab.Engine.Results;

namespace EventCommitLab.Harness.Cli;

/// <summary>
/// <c>plan-fit RUN_FOLDER...</c>: refits the constants that predict each cell's mandatory part (<see cref="CellCostModel"/>)
/// to the cells of the given runs, and prints them beside the ones the lab plans with.
/// </summary>
public static class PlanFitCommand
{
    public const string Name = "plan-fit";

    private static readonly Argument<string[]> Folders = new("RUN_FOLDER") { Description = "runs of the main job whose cells kept where their time went", Arity = ArgumentArity.OneOrMore };

    /// <summary><c>plan-fit</c> on the command line.</summary>
    internal static LabVerb Verb => new LabVerb(
        Name, "refits the plan's cell cost constants to the cells of the given runs and prints them beside the lab's", "", [],
        (r, o) => o with { Verb = Name, VerbArguments = r.GetValue(Folders) ?? [] }, startsStore: false)
    {
        Arguments = { Folders },
    };

    public static int Run(IReadOnlyList<string> folders, TextWriter output)
    {
        ArgumentNullException.ThrowIfNull(folders);
        ArgumentNullException.ThrowIfNull(output);
        if (folders.Count == 0)
        {
            throw new ArgumentException("plan-fit needs at least one run folder. Usage: plan-fit RUN_FOLDER...");
        }

        var records = folders.Select(f => File.Exists(Path.Combine(f, RunRecord.FileName)) || File.Exists(f)
            ? RunRecord.Read(f)
            : throw new ArgumentException($"plan-fit: '{f}' holds no {RunRecord.FileName}; give folders of main-job runs.")).ToArray();
        var fit = CellCostFit.Of(records);
        output.WriteLine(string.Create(CultureInfo.InvariantCulture, $"Fitted to {fit.Cells} cells of {records.Length} run(s), no constant below zero:"));
        Write(output, "starts, qualifying round and checks", CellCostModel.StartsAndChecksConstants, fit.StartsAndChecks, fit.StartsAndChecksError);
        Write(output, "rounds to the first look", CellCostModel.FirstLookConstants, fit.FirstLook, fit.FirstLookError);
        return 0;
    }

    private static void Write(TextWriter output, string part, IReadOnlyList<double> planned, IReadOnlyList<double> fitted, double error) =>
        output.WriteLine(string.Create(CultureInfo.InvariantCulture,
            $"- {part}: fitted [{string.Join(", ", fitted.Select(c => c.ToString("G3", CultureInfo.InvariantCulture)))}] (rms error {error:0.00} s), planned with [{string.Join(", ", planned.Select(c => c.ToString("G3", CultureInfo.InvariantCulture)))}]"));
}
