using System.Globalization;
using System.Text;
using System.Text.RegularExpressions;

namespace EventCommitLab.Reporting;

/// <summary>
/// The one way the lab's pages write a table: columns declared once with their alignment, rows checked against them,
/// every cell made safe for a table (a pipe escaped, a line break flattened), so a failure's message or a command line
/// can never split a row.
/// </summary>
internal sealed partial class MarkdownTable
{
    private readonly List<(string Header, string Rule)> _columns = [];
    private readonly List<IReadOnlyList<string>> _rows = [];

    /// <summary>A column of text, aligned left.</summary>
    public MarkdownTable Left(params IEnumerable<string> headers) => Add(headers, "---");

    /// <summary>A column of figures, aligned right.</summary>
    public MarkdownTable Right(params IEnumerable<string> headers) => Add(headers, "---:");

    /// <summary>A column of marks (yes, no), centred.</summary>
    public MarkdownTable Centre(params IEnumerable<string> headers) => Add(headers, ":---:");

    /// <summary>A row, one cell per column; each cell formatted here, culture-invariant, from the values it was given.</summary>
    /// <exception cref="ArgumentException">The row has not one cell per column.</exception>
    public MarkdownTable Row(params FormattableString?[] cells) => Row((IEnumerable<FormattableString?>)cells);

    /// <inheritdoc cref="Row(FormattableString?[])"/>
    public MarkdownTable Row(IEnumerable<FormattableString?> cells)
    {
        ArgumentNullException.ThrowIfNull(cells);
        var row = cells.Select(c => Cell(c?.ToString(CultureInfo.InvariantCulture))).ToList();
        if (row.Count != _columns.Count)
        {
            throw new ArgumentException($"A row of {row.Count} cells in a table of {_columns.Count} columns ({string.Join(", ", _columns.Select(c => c.Header))}).", nameof(cells));
        }

        _rows.Add(row);
        return this;
    }

    public StringBuilder WriteTo(StringBuilder md)
    {
        ArgumentNullException.ThrowIfNull(md);
        md.AppendLine(Line(_columns.Select(c => Cell(c.Header))));
        md.AppendLine(Line(_columns.Select(c => c.Rule)));
        foreach (var row in _rows)
        {
            md.AppendLine(Line(row));
        }

        return md;
    }

    public override string ToString() => WriteTo(new StringBuilder()).ToString();

    private MarkdownTable Add(IEnumerable<string> headers, string rule)
    {
        _columns.AddRange(headers.Select(h => (h, rule)));
        return this;
    }

    private static string Line(IEnumerable<string> cells) => $"|{string.Concat(cells.Select(c => c.Length == 0 ? " |" : $" {c} |"))}";

    // A pipe already escaped stays as it is; any other would end the cell.
    private static string Cell(string? text) => text is null ? "" : UnescapedPipe().Replace(text.ReplaceLineEndings(" "), "\\|");

    [GeneratedRegex(@"(?<!\\)\|")]
    private static partial Regex UnescapedPipe();
}
