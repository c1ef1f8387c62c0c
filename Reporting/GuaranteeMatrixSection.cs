using System.Globalization;
using System.Text;
using EventCommitLab.Engine.Results;

namespace EventCommitLab.Reporting;

/// <summary>details.md's guarantee matrix: what each strategy claims, and what the verifier and the tailing readers found over its cases.</summary>
internal static class GuaranteeMatrixSection
{
    private static readonly CultureInfo Invariant = CultureInfo.InvariantCulture;

    public static void Write(StringBuilder md, RunRecord record)
    {
        md.AppendLine("## Guarantees: claimed, and what the verifier found").AppendLine();
        md.AppendLine("Every case of every strategy was checked after its run by the verifier, from the database and the harness's ledger of what each caller handed over " +
            "(every event's type, event source, aggregate version, tags and payload digest, in order) and was told. " +
            "A broken claim fails the case; a violation of something not claimed is the strategy's known weakness.").AppendLine();
        var readers = record.Cases.Any(c => c.Readers.Naive is not null);
        var horizon = record.Cases.Any(c => c.Readers.Horizon is not null);
        if (readers)
        {
            md.AppendLine("Ordered visibility is checked by the naive tailing reader beside every measured sustained round: it follows the log by sequence number, " +
                "and a number it passed that was committed later is a skip, which a catch-up subscription would never deliver." +
                (horizon ? " Ordered visibility below the transaction horizon is checked the same way by the transaction-horizon reader, for the strategies that store transaction ids." : "")).AppendLine();
        }

        var table = new MarkdownTable().Left("Strategy").Centre("Atomic multi-event commit", "Gap-free sequence", "Contiguous commit", "Several writer processes");
        if (readers)
        {
            table.Centre("Ordered visibility: claimed, skips seen");
        }

        if (readers && horizon)
        {
            table.Centre("Below the transaction horizon: claimed, skips seen");
        }

        table.Left("Verifier over its cases");
        foreach (var s in record.Strategies)
        {
            var cases = record.Cases.Where(c => c.Contender == s.Strategy).ToArray();
            var verified = cases.Where(c => c.Verification.Checked == VerificationKind.Verifier).ToArray();
            var broken = verified.Count(c => !c.Verification.Passed);
            var weaknesses = verified.SelectMany(c => c.Verification.Violations).Where(v => !v.IsFailure).Select(v => v.Kind).Distinct().ToArray();
            var found = broken > 0
                ? $"**FAILED in {broken} of {verified.Length} verified cases**"
                : $"clean in {verified.Length} verified of {cases.Length} cases{(weaknesses.Length > 0 ? $"; known weakness seen: {string.Join(", ", weaknesses)}" : "")}";
            AddRow(
                [$"{s.Strategy}", $"{Claim(s.AtomicMultiEventCommit)}", $"{Claim(s.GapFreeSequence)}", $"{Claim(s.ContiguousCommit)}", $"{Claim(s.SafeWithSeveralWriterProcesses)}"],
                () => $"{Claim(s.OrderedVisibility)}, {Skips(cases, c => c.Readers.Naive)}", () => $"{Claim(s.HorizonOrderedVisibility)}, {Skips(cases, c => c.Readers.Horizon)}", $"{found}");
        }

        var ceilings = record.Cases.Where(c => c.Verification.Checked == VerificationKind.RowCount).ToArray();
        if (ceilings.Length > 0)
        {
            AddRow(
                [$"Ceiling", $"-", $"-", $"-", $"-"], () => $"-, {Skips(ceilings, c => c.Readers.Naive)}", () => $"-",
                $"row count checked: {ceilings.Count(c => c.Verification.Passed)} of {ceilings.Length} cases held exactly the rows written");
        }

        table.WriteTo(md).AppendLine();

        // The claims' cells, then the readers' columns where this run has them, then what the checks found.
        void AddRow(FormattableString[] claims, Func<FormattableString> reader, Func<FormattableString> horizonReader, FormattableString found) =>
            table.Row([.. claims, .. readers ? [reader()] : Array.Empty<FormattableString>(), .. readers && horizon ? [horizonReader()] : Array.Empty<FormattableString>(), found]);

        static string Claim(bool claimed) => claimed ? "claimed" : "no";

        static string Skips(IReadOnlyList<CaseResult> cases, Func<CaseResult, ReaderSummary?> reader)
        {
            var read = cases.Select(reader).OfType<ReaderSummary>().ToArray();
            var skipping = read.Count(r => r.Skipped > 0);
            return read.Length == 0 ? "not read"
                : skipping == 0 ? string.Create(Invariant, $"none in {read.Length} cases")
                : string.Create(Invariant, $"**{read.Sum(r => r.Skipped):N0} in {skipping} of {read.Length} cases**");
        }
    }
}
