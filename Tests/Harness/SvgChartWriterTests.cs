using System.Xml.Linq;
using EventCommitLab.Harness.Reporting;

namespace EventCommitLab.Tests.Harness;

public sealed class SvgChartWriterTests
{
    private static readonly XNamespace Svg = "http://www.w3.org/2000/svg";

    [Fact]
    public void one_well_formed_chart_per_method_and_events_with_one_series_per_contender()
    {
        var charts = SvgChartWriter.Charts(SampleRuns.Run()).ToArray();

        var (name, svg) = Assert.Single(charts);
        Assert.Equal("events-per-second-CommitEvents-1.svg", name);
        var document = XDocument.Parse(svg);
        var series = document.Descendants(Svg + "g").Where(g => (string?)g.Attribute("class") == "series").Select(g => (string)g.Attribute("data-name")!).ToArray();
        Assert.Equal(["TransactionalCounter", "InsertMany", "Ceiling"], series);
    }

    [Fact]
    public void the_ceiling_is_dashed_and_a_failed_point_is_left_out()
    {
        var document = XDocument.Parse(SvgChartWriter.Charts(SampleRuns.Run()).Single().Svg);
        var groups = document.Descendants(Svg + "g").Where(g => (string?)g.Attribute("class") == "series").ToDictionary(g => (string)g.Attribute("data-name")!);

        Assert.NotNull(groups["Ceiling"].Element(Svg + "polyline")!.Attribute("stroke-dasharray"));
        Assert.Null(groups["TransactionalCounter"].Element(Svg + "polyline")!.Attribute("stroke-dasharray"));
        Assert.Single(groups["InsertMany"].Elements(Svg + "circle"));
        Assert.Equal(2, groups["TransactionalCounter"].Elements(Svg + "circle").Count());
    }

    [Fact]
    public void axes_are_labelled_and_logarithmic()
    {
        var text = string.Join("|", XDocument.Parse(SvgChartWriter.Charts(SampleRuns.Run()).Single().Svg).Descendants(Svg + "text").Select(t => t.Value));

        Assert.Contains("ConcurrentBatches (commits per wave, log scale)", text, StringComparison.Ordinal);
        Assert.Contains("events/s (log scale)", text, StringComparison.Ordinal);
        Assert.Contains("|100|", text, StringComparison.Ordinal);
        Assert.Contains("|1k|", text, StringComparison.Ordinal);
    }
}
