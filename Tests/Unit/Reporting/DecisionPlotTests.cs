using EventCommitLab.Reporting;
using EventCommitLab.Tests.Engine;

namespace EventCommitLab.Tests.Reporting;

public sealed class DecisionPlotTests
{
    [Fact]
    public void a_rows_panel_draws_the_choice_every_other_strategy_of_the_row_and_the_margin()
    {
        var run = SampleVerdicts.Run();
        var row = run.Verdicts![0];

        var svg = DecisionPlot.Svg(run, [row]);

        Assert.StartsWith("<svg xmlns=\"http://www.w3.org/2000/svg\"", svg, StringComparison.Ordinal);
        Assert.Contains(">Pipeline · gap-free</text>", svg, StringComparison.Ordinal);
        Assert.Contains(">Sequence · one writer</text>", svg, StringComparison.Ordinal);
        Assert.Contains(">±10%</text>", svg, StringComparison.Ordinal);
        Assert.Contains("equivalent set, Pipeline chosen; wrong with at most 5% chance", svg, StringComparison.Ordinal);
        Assert.Equal(row.Profiles[0].Standings.Count(s => s.Contender != row.Profiles[0].Recommended && s.Ratio is not null), svg.Split("<circle").Length - 1);
    }

    [Fact]
    public void every_row_with_a_verdict_gets_a_panel_in_its_sections_picture()
    {
        var run = SampleVerdicts.Run();
        var folder = Directory.CreateTempSubdirectory("commit-lab-decisions-").FullName;
        try
        {
            var sections = DecisionPlot.Sections(run);
            var written = DecisionPlot.WriteAll(run, folder);

            Assert.Equal(sections.Select(s => Path.Combine(folder, s.Name + ".svg")), written);
            Assert.Equal(written.Count, written.Distinct().Count());
            Assert.Equal(run.Verdicts!.Where(v => v.Profiles.Count > 0).OrderBy(v => v.Cell.Shape), sections.SelectMany(s => s.Rows).OrderBy(v => v.Cell.Shape));
            Assert.All(sections, s => Assert.Equal(s.Rows.Count, File.ReadAllText(Path.Combine(folder, s.Name + ".svg")).Split("<g transform=").Length - 1));
        }
        finally
        {
            Directory.Delete(folder, recursive: true);
        }
    }
}
