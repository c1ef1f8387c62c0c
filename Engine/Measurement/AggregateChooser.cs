namespace EventCommitLab.Engine.Measurement;

/// <summary>
/// Which aggregate a command is for, drawn from <c>count</c> of them: uniformly (skew 0), or by Zipf's law with the given
/// exponent (aggregate k, from 0, drawn in proportion to 1 / (k + 1)^skew: a few hot aggregates take most commands, as
/// a popular product or an open course does). Seeded, so a committer draws the same sequence in every run.
/// </summary>
internal sealed class AggregateChooser
{
    private readonly double[]? _cumulative;
    private readonly int _count;
    private readonly Random _random;

    /// <exception cref="ArgumentOutOfRangeException">No aggregates, or a negative or non-finite skew.</exception>
    public AggregateChooser(int count, double skew, int seed)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(count, 1);
        if (!double.IsFinite(skew) || skew < 0)
        {
            throw new ArgumentOutOfRangeException(nameof(skew), skew, "The skew is 0 (uniform) or a positive Zipf exponent.");
        }

        _count = count;
        _random = new Random(seed);
        if (skew > 0)
        {
            _cumulative = new double[count];
            var sum = 0.0;
            for (var k = 0; k < count; k++)
            {
                sum += 1 / Math.Pow(k + 1, skew);
                _cumulative[k] = sum;
            }

            for (var k = 0; k < count; k++)
            {
                _cumulative[k] /= sum;
            }
        }
    }

    /// <summary>The next aggregate's index, from 0 to count - 1.</summary>
    public int Next()
    {
        if (_cumulative is null)
        {
            return _random.Next(_count);
        }

        var index = Array.BinarySearch(_cumulative, _random.NextDouble());
        return Math.Min(index < 0 ? ~index : index, _count - 1);
    }
}
