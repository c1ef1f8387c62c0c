using EventCommitLab.Reporting;
using EventCommitLab.Tests.Engine;

namespace EventCommitLab.Tests.Reporting;

public sealed class ChartWriterTests : IDisposable
{
    private readonly string _folder = Directory.CreateTempSubdirectory("commit-lab-charts-").FullName;

    public void Dispose() => Directory.Delete(_folder, recursive: true);

    [Fact]
    public void every_chart_is_written_once_as_svg()
    {
        var written = ChartWriter.WriteAll(SampleRuns.Run(), _folder);

        Assert.Equal(["events-per-second-waves-CommitEvents-1.svg"], written.Select(Path.GetFileName));
        Assert.Equal(written, Directory.GetFiles(_folder));
        Assert.Contains("<svg", File.ReadAllText(Path.Combine(_folder, "events-per-second-waves-CommitEvents-1.svg")), StringComparison.Ordinal);
    }

    [Fact]
    public void a_throughput_chart_has_one_series_per_contender_with_the_ceiling_named()
    {
        using var plot = ChartWriter.Charts(SampleRuns.Run()).Single().Plot;

        var legend = plot.GetPlottables().OfType<ScottPlot.Plottables.Scatter>().Select(s => s.LegendText).ToArray();

        Assert.Equal(["TransactionalCounter", "InsertMany", "Ceiling (raw ceiling)"], legend);
    }

    [Fact]
    public void sustained_load_also_gets_a_latency_against_throughput_chart()
    {
        var run = SampleRuns.Run();
        var sustained = run with { Cases = [.. run.Cases.Select(c => c with { Cell = c.Cell with { Load = EventCommitLab.Engine.Results.LoadKind.Sustained } })] };

        var names = ChartWriter.Charts(sustained).Select(c => { c.Plot.Dispose(); return c.Name; }).ToArray();

        Assert.Equal(["events-per-second-sustained-CommitEvents-1", "p99-latency-vs-throughput-CommitEvents-1"], names);
    }
}
