namespace EventCommitLab.Engine.Results;

/// <summary>How many commits a batching strategy wrote per batch in the measured rounds.</summary>
/// <param name="Buckets">Batches by size: bucket i counts batches of 2^i to 2^(i+1) - 1 commits.</param>
/// <param name="MeanQueueWaitMs">How long a commit waited in the queue before its batch was sent, on average; null for runs before it was counted.</param>
/// <param name="MeanWriteMs">How long a batch took from being sent to its answer, on average (retries included).</param>
/// <param name="MeanInFlight">Batches in flight when a batch was sent, itself included, on average.</param>
public sealed record BatchSizeSummary(
    long Batches, double MeanCommits, IReadOnlyList<long> Buckets, double? MeanQueueWaitMs = null, double? MeanWriteMs = null, double? MeanInFlight = null)
{
    /// <summary>The size range ("8-15") the given share of batches is at or below.</summary>
    public string Percentile(double percent)
    {
        var rank = Math.Ceiling(percent / 100 * Batches);
        long seen = 0;
        for (var i = 0; i < Buckets.Count; i++)
        {
            seen += Buckets[i];
            if (seen >= rank && seen > 0)
            {
                var low = 1L << i;
                var high = (1L << (i + 1)) - 1;
                return low == high ? $"{low}" : $"{low}-{high}";
            }
        }

        return "-";
    }
}
