using EventCommitLab.Engine.Results;

namespace EventCommitLab.Reporting;

/// <summary>Writes a run's files: results.json, and what is derived from it (verdict.md, details.md and the charts).</summary>
public static class ResultsWriter
{
    public static void Write(RunRecord record, string folder)
    {
        ArgumentNullException.ThrowIfNull(record);
        File.WriteAllText(Path.Combine(folder, RunRecord.FileName), record.ToJson());
        WriteReports(record, folder);
    }

    /// <summary>The files derived from results.json: the run's pages (<see cref="RunPages"/>) and the charts (rewritten by the report verb).</summary>
    /// <returns>The pages written, the one to open first first.</returns>
    public static IReadOnlyList<string> WriteReports(RunRecord record, string folder)
    {
        ArgumentNullException.ThrowIfNull(record);
        var pages = RunPages.Of(record);
        foreach (var page in pages)
        {
            File.WriteAllText(Path.Combine(folder, page.FileName), page.Write(record));
        }

        var charts = Path.Combine(folder, "charts");
        if (Directory.Exists(charts))
        {
            Directory.Delete(charts, recursive: true);
        }

        Directory.CreateDirectory(charts);
        ChartWriter.WriteAll(record, charts);
        DecisionPlot.WriteAll(record, charts);
        return [.. pages.Select(p => p.FileName)];
    }
}
