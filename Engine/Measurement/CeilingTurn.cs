using EventCommitLab.Contract.Port;
using EventCommitLab.Engine.Results;

namespace EventCommitLab.Engine.Measurement;

/// <summary>
/// One raw writer of the ceiling measured alone, outside any race: a fresh log, the warm-up every contender gets, one
/// measured round (the store settled before it where the run settles it before every turn), and the row check. For
/// holding the ceiling against something measured in turns with it, in the same minutes.
/// </summary>
internal static class CeilingTurn
{
    /// <summary>The variant's events/s in the round; thrown when the case failed or its rows do not check.</summary>
    public static async Task<double> MeasureAsync(
        CellKey cell, string variant, IEventStoreProvider provider, CaseSettings cases, MeasurementSettings settings, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(provider);
        ArgumentNullException.ThrowIfNull(settings);
        // A ceiling claims nothing a cell could refuse it for, so it always has a case.
        var target = await ContenderCase.StartAsync(cell, null, variant, provider, cases, settings, cancellationToken).ConfigureAwait(false)
            ?? throw new InvalidOperationException($"{variant} took no case in the cell.");
        double? rate = null;
        CaseResult result;
        try
        {
            if (settings.CheckpointBeforeRounds)
            {
                await provider.SettleAsync(cancellationToken).ConfigureAwait(false);
            }

            rate = await target.MeasureRoundAsync(settings, qualifying: false).ConfigureAwait(false);
        }
        finally
        {
            result = await target.FinishAsync(null, [rate], null).ConfigureAwait(false);
        }

        return result switch
        {
            { Failure: { } failure } => throw new InvalidOperationException($"{variant} failed in its turn: {failure}"),
            { Verification.Passed: false } => throw new InvalidOperationException(
                $"{variant}'s log does not check after its turn: {result.Verification.FoundEvents} rows found, {result.Verification.ExpectedEvents} written"),
            _ => rate ?? throw new InvalidOperationException($"{variant} measured nothing in its turn."),
        };
    }
}
