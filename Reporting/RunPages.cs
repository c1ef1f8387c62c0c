using EventCommitLab.Engine.Results;

namespace EventCommitLab.Reporting;

/// <summary>The pages a main run's folder holds, the one to open first first: every writer of them is listed here and nowhere else.</summary>
public static class RunPages
{
    /// <summary>Every page a main run can have.</summary>
    public static IReadOnlyList<IRunPage> All { get; } = [new VerdictPage(), new DetailsPage(), new SummaryPage()];

    /// <summary>The pages of <paramref name="record"/>'s run, the one to open first first.</summary>
    public static IReadOnlyList<IRunPage> Of(RunRecord record)
    {
        ArgumentNullException.ThrowIfNull(record);
        return [.. All.Where(p => p.Covers(record))];
    }

    private sealed class VerdictPage : IRunPage
    {
        public string FileName => VerdictWriter.FileName;

        public bool Covers(RunRecord record) => record.Verdicts is not null;

        public string Write(RunRecord record) => VerdictWriter.Write(record);
    }

    private sealed class DetailsPage : IRunPage
    {
        public string FileName => DetailsWriter.FileName;

        public bool Covers(RunRecord record) => record.Verdicts is not null;

        public string Write(RunRecord record) => DetailsWriter.Write(record);
    }

    /// <summary>A run made before the race has no verdict: its details are its summary.</summary>
    private sealed class SummaryPage : IRunPage
    {
        public string FileName => "summary.md";

        public bool Covers(RunRecord record) => record.Verdicts is null;

        public string Write(RunRecord record) => DetailsWriter.Write(record);
    }
}
