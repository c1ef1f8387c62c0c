namespace EventCommitLab.Harness.Reporting;

/// <summary>Writes the run's own files next to BenchmarkDotNet's exports: results.json, summary.md and the charts.</summary>
public static class ResultsWriter
{
    public static void Write(RunRecord record, string folder)
    {
        ArgumentNullException.ThrowIfNull(record);
        File.WriteAllText(Path.Combine(folder, RunRecord.FileName), record.ToJson());
        WriteReports(record, folder);
    }

    /// <summary>The files derived from results.json: summary.md and the charts (rewritten by the report verb).</summary>
    public static void WriteReports(RunRecord record, string folder)
    {
        ArgumentNullException.ThrowIfNull(record);
        File.WriteAllText(Path.Combine(folder, "summary.md"), SummaryWriter.Write(record));
        var charts = Path.Combine(folder, "charts");
        Directory.CreateDirectory(charts);
        foreach (var (name, svg) in SvgChartWriter.Charts(record))
        {
            File.WriteAllText(Path.Combine(charts, name), svg);
        }
    }
}
