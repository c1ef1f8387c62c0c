using EventCommitLab.Harness.Reporting;
using EventCommitLab.Harness.Results;

namespace EventCommitLab.Harness.Cli;

/// <summary><c>compare OLD NEW [--out FILE]</c>: prints the ratio table and writes it (default: compare-vs-OLD.md in NEW).</summary>
public static class CompareCommand
{
    public static int Run(IReadOnlyList<string> args, TextWriter output)
    {
        ArgumentNullException.ThrowIfNull(args);
        ArgumentNullException.ThrowIfNull(output);
        var positional = new List<string>();
        string? outFile = null;
        for (var i = 0; i < args.Count; i++)
        {
            if (args[i] == "--out")
            {
                outFile = i + 1 < args.Count ? args[++i] : throw new ArgumentException("compare: --out needs a file name.");
            }
            else if (args[i].StartsWith("--", StringComparison.Ordinal))
            {
                throw new ArgumentException($"compare: unknown option '{args[i]}'. Usage: compare OLD_RUN_FOLDER NEW_RUN_FOLDER [--out FILE]");
            }
            else
            {
                positional.Add(args[i]);
            }
        }

        if (positional.Count != 2)
        {
            throw new ArgumentException("compare needs two run folders. Usage: compare OLD_RUN_FOLDER NEW_RUN_FOLDER [--out FILE]");
        }

        var oldName = Path.GetFileName(Path.TrimEndingDirectorySeparator(Path.GetFullPath(positional[0])));
        var newName = Path.GetFileName(Path.TrimEndingDirectorySeparator(Path.GetFullPath(positional[1])));
        var target = outFile ?? Path.Combine(Directory.Exists(positional[1]) ? positional[1] : Path.GetDirectoryName(positional[1])!, $"compare-vs-{oldName}.md");
        string table;
        try
        {
            var (olderSeed, newerSeed) = (Seed.SeedRun.TryRead(positional[0]), Seed.SeedRun.TryRead(positional[1]));
            if (olderSeed is not null || newerSeed is not null)
            {
                table = olderSeed is not null && newerSeed is not null
                    ? Seed.SeedComparer.Compare(olderSeed, newerSeed, oldName, newName)
                    : throw new ArgumentException("compare: one folder holds a seed run (seed.json) and the other does not; compare two seed runs, or two runs of the main job.");
            }
            else
            {
                table = RunComparer.Compare(RunRecord.Read(positional[0]), RunRecord.Read(positional[1]), oldName, newName);
            }
        }
        catch (Exception e) when (e is FileNotFoundException or InvalidDataException)
        {
            throw new ArgumentException($"compare: {e.Message}", e);
        }

        File.WriteAllText(target, table);
        output.WriteLine(table);
        output.WriteLine($"Written to {target}");
        return 0;
    }
}
