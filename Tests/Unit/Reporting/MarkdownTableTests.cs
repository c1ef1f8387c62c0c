using EventCommitLab.Reporting;

namespace EventCommitLab.Tests.Reporting;

public sealed class MarkdownTableTests
{
    [Fact]
    public void a_table_writes_its_header_its_alignments_and_its_rows_with_figures_formatted_invariantly()
    {
        var previous = Thread.CurrentThread.CurrentCulture;
        Thread.CurrentThread.CurrentCulture = new System.Globalization.CultureInfo("de-DE");
        try
        {
            var table = new MarkdownTable().Left("Strategy").Right("Events/s").Centre("Kept up").Left("")
                .Row($"InsertMany", $"{12345.6:N0}", $"yes", null)
                .Row($"TransactionalCounter", $"{0.5:0.00}", $"no", $"");

            Assert.Equal(
                "| Strategy | Events/s | Kept up | |\n| --- | ---: | :---: | --- |\n| InsertMany | 12,346 | yes | |\n| TransactionalCounter | 0.50 | no | |\n",
                table.ToString().ReplaceLineEndings("\n"));
        }
        finally
        {
            Thread.CurrentThread.CurrentCulture = previous;
        }
    }

    [Fact]
    public void a_cell_cannot_split_its_row_a_pipe_is_escaped_once_and_a_line_break_flattened()
    {
        var table = new MarkdownTable().Left("Cause").Row($"{"a | b \\| c\nd"}");

        Assert.EndsWith("| a \\| b \\| c d |", table.ToString().TrimEnd(), StringComparison.Ordinal);
    }

    [Fact]
    public void a_row_with_a_cell_too_many_or_too_few_is_refused_naming_the_columns()
    {
        var table = new MarkdownTable().Left("Load").Right("Events");

        var refused = Assert.Throws<ArgumentException>(() => table.Row($"waves"));

        Assert.Contains("1 cells in a table of 2 columns (Load, Events)", refused.Message, StringComparison.Ordinal);
    }
}
