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

    /// <summary>The files derived from results.json: verdict.md (for runs that raced), details.md and the charts (rewritten by the report verb).</summary>
    public static void WriteReports(RunRecord record, string folder)
    {
        ArgumentNullException.ThrowIfNull(record);
        if (record.Verdicts is not null)
        {
            File.WriteAllText(Path.Combine(folder, VerdictWriter.FileName), VerdictWriter.Write(record));
        }

        File.WriteAllText(Path.Combine(folder, record.Verdicts is null ? "summary.md" : DetailsWriter.FileName), DetailsWriter.Write(record));
        var charts = Path.Combine(folder, "charts");
        if (Directory.Exists(charts))
        {
            Directory.Delete(charts, recursive: true);
        }

        Directory.CreateDirectory(charts);
        ChartWriter.WriteAll(record, charts);
    }
}
