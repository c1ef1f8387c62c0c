using System.CommandLine;
using EventCommitLab.Engine.Results;
using EventCommitLab.Reporting;

namespace EventCommitLab.Harness.Cli;

/// <summary><c>report RUN_FOLDER</c>: regenerates summary.md, the charts (and a pipeline run's goals.md) from the run's results.json, so that a
/// change to the report's layout never means editing a generated file.</summary>
public static class ReportCommand
{
    public const string Name = "report";

    private static readonly Argument<string> Folder = new("RUN_FOLDER") { Description = "a run folder written by the harness (its results.json)" };

    /// <summary><c>report</c> on the command line.</summary>
    internal static LabVerb Verb => new LabVerb(
        Name, "rewrites a run's summary.md and charts (and a pipeline run's goals.md) from its results.json", "", [],
        (r, o) => o with { Verb = Name, VerbArguments = [r.GetValue(Folder)!] },
        startsStore: false)
    {
        Arguments = { Folder },
    };

    public static int Run(IReadOnlyList<string> args, TextWriter output)
    {
        ArgumentNullException.ThrowIfNull(args);
        ArgumentNullException.ThrowIfNull(output);
        if (args.Count != 1 || !Directory.Exists(args[0]))
        {
            throw new ArgumentException("report needs one run folder written by the harness. Usage: report RUN_FOLDER");
        }

        var folder = args[0];
        (string Suite, System.Text.Json.Nodes.JsonNode Result)? suiteRecord;
        try
        {
            suiteRecord = SuiteRecord.TryRead(folder);
        }
        catch (InvalidDataException e)
        {
            throw new ArgumentException($"report: {e.Message}", e);
        }

        if (suiteRecord is var (suite, result))
        {
            SuiteReport report;
            try
            {
                report = SuiteReports.Get(suite, folder);
                report.Rewrite(result, folder);
            }
            catch (InvalidDataException e)
            {
                throw new ArgumentException($"report: {e.Message}", e);
            }

            output.WriteLine($"Rewrote the {suite} run's {report.Page}{(Directory.Exists(Path.Combine(folder, "charts")) ? " and its charts" : "")} from {SuiteRecord.FileName}.");
            return ExitCodes.Verified;
        }

        RunRecord record;
        try
        {
            record = RunRecord.Read(args[0]);
        }
        catch (Exception e) when (e is FileNotFoundException or InvalidDataException)
        {
            throw new ArgumentException($"report: {e.Message}", e);
        }

        var pages = ResultsWriter.WriteReports(record, args[0]);
        output.WriteLine($"Rewrote {string.Join(", ", pages.Select(p => Path.Combine(args[0], p)))} and the charts from {RunRecord.FileName}.");

        // A pipeline-suite run's goals are read from the same record.
        var goals = Path.Combine(args[0], Pipeline.PipelineGoalsWriter.FileName);
        if (File.Exists(goals))
        {
            File.WriteAllText(goals, Pipeline.PipelineGoalsWriter.Write(record, Pipeline.PipelineGoals.Evaluate(record)));
            output.WriteLine($"Rewrote {goals} from {RunRecord.FileName}.");
        }
        return 0;
    }
}
