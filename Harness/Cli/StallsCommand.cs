using System.CommandLine;
using EventCommitLab.Engine.Results;
using EventCommitLab.Harness.Runs;
using EventCommitLab.Reporting;

namespace EventCommitLab.Harness.Cli;

/// <summary>
/// <c>stalls [--noise FILE]</c>: measures from every committed run how often a window stalls as deep as the race's cuts
/// ask, writes results/STALLS.md with the bounds and whether the race's sizes hold them, and with --noise the round noise
/// the race's simulation test draws from.
/// </summary>
public static class StallsCommand
{
    public const string Name = "stalls";

    private static readonly Option<string> Noise = LabOption.Text("--noise", "FILE", "also write the round noise the race's simulation draws from to FILE");

    /// <summary><c>stalls</c> on the command line.</summary>
    internal static LabVerb Verb => new(
        Name, $"writes results/{StallSurvey.FileName}: how often a window stalls as deep as the race's cuts ask, from every committed run", "", [Noise],
        (r, o) => o with { Verb = Name, VerbArguments = r.GetValue(Noise) is { } noise ? [noise] : [] }, startsStore: false);

    public static int Run(IReadOnlyList<string> arguments, TextWriter output)
    {
        ArgumentNullException.ThrowIfNull(arguments);
        ArgumentNullException.ThrowIfNull(output);
        var root = ResultsFolder.Root;
        if (!Directory.Exists(root))
        {
            throw new ArgumentException($"stalls: there is no results folder at {root}; run it from the repository.");
        }

        var runs = Directory.GetDirectories(root).Order(StringComparer.Ordinal)
            .Where(d => File.Exists(Path.Combine(d, RunRecord.FileName)))
            .Select(d => (Name: Path.GetFileName(d), Record: TryRead(d)))
            .Where(r => r.Record is not null)
            .Select(r => (r.Name, r.Record!))
            .ToArray();
        var survey = StallSurvey.Of(runs);
        var target = Path.Combine(root, StallSurvey.FileName);
        File.WriteAllText(target, survey.Write());
        output.WriteLine($"Written to {target}");
        if (arguments is [var noise])
        {
            File.WriteAllText(noise, survey.WriteNoise());
            output.WriteLine($"Written to {Path.GetFullPath(noise)}");
        }

        return 0;
    }

    // A suite's record in a run folder is not a main job's: only the main job's rounds are read.
    private static RunRecord? TryRead(string folder)
    {
        try
        {
            return RunRecord.Read(folder) is { Cases: not null } record ? record : null;
        }
        catch (Exception e) when (e is InvalidDataException or System.Text.Json.JsonException or NotSupportedException)
        {
            return null;
        }
    }
}
