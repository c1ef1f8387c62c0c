using System.Collections.Concurrent;
using System.Globalization;

namespace EventCommitLab.Engine.Racing;

/// <summary>
/// The level a one-sided test runs at, look by look, when its error rate is spent over the looks in proportion to the
/// rounds (Lan and DeMets' error spending, linear in the information): the boundary at each look is the one at which
/// the chance of crossing it, or a look's before it, is the error rate times the share of the most rounds run so far,
/// for a statistic that at n rounds is a sum of n independent normal steps (so two looks' statistics correlate as
/// √(m/n)). Computed by numerical integration over the looks (Armitage, McPherson and Rowe's recursion, Jennison and
/// Turnbull ch. 19); the race then applies each look's level to its Student's t, as group-sequential t tests do.
/// </summary>
/// <remarks>
/// A look after the first tests at a larger level than its share of the rounds (the Bonferroni split of
/// <see cref="ErrorSpending.PerLook"/>): crossing at a late look is less likely given the crossings the early looks
/// already counted. The level over the error rate grows with the error rate, so a level is computed at the nearest
/// error rate below on a fine logarithmic grid and scaled: never above the exact level, and each grid point is
/// computed once.
/// </remarks>
public static class SequentialBoundary
{
    /// <summary>Grid points per integration: odd, for Simpson's rule.</summary>
    private const int Points = 161;

    /// <summary>Error rates on the grid per factor of ten.</summary>
    private const int RatesPerDecade = 32;

    /// <summary>The grid's lower end, in standard deviations of the statistic below zero: what lies below is negligible.</summary>
    private const double Below = 9;

    private static readonly ConcurrentDictionary<(string Looks, int Rate), double> Scales = new();

    /// <summary>
    /// The one-sided level the last of <paramref name="looks"/> tests at, for an error rate of
    /// <paramref name="errorRate"/> spent over looks after the given numbers of rounds, of at most
    /// <paramref name="maximumRounds"/> (a look at or beyond it spends what is left).
    /// </summary>
    /// <param name="looks">The rounds after which the race looked, ascending; the last is the look tested.</param>
    public static double Level(double errorRate, IReadOnlyList<int> looks, int maximumRounds)
    {
        ArgumentNullException.ThrowIfNull(looks);
        if (looks.Count == 0 || looks[0] < 1 || looks.Zip(looks.Skip(1)).Any(p => p.Second <= p.First) || looks.Take(looks.Count - 1).Any(l => l >= maximumRounds))
        {
            throw new ArgumentException("Looks are ascending round counts, only the last at or beyond the most rounds.", nameof(looks));
        }

        if (!(errorRate > 0))
        {
            return 0;
        }

        var rate = Math.Min(errorRate, 0.5);
        var step = (int)Math.Floor(Math.Log10(rate) * RatesPerDecade);
        var key = (string.Join(',', looks.Select(l => Math.Min(l, maximumRounds).ToString(CultureInfo.InvariantCulture))) + "/" + maximumRounds.ToString(CultureInfo.InvariantCulture), step);
        var scale = Scales.GetOrAdd(key, k =>
        {
            var onGrid = Math.Pow(10, k.Rate / (double)RatesPerDecade);
            return Levels(onGrid, looks, maximumRounds)[^1] / onGrid;
        });
        return Math.Min(errorRate * scale, errorRate);
    }

    /// <summary>Each look's one-sided level, computed exactly (no grid): what <see cref="Level"/> rounds down to, and its tests check.</summary>
    public static double[] Levels(double errorRate, IReadOnlyList<int> looks, int maximumRounds)
    {
        ArgumentNullException.ThrowIfNull(looks);
        var levels = new double[looks.Count];
        double[] grid = [], density = [];
        var (spent, previous) = (0.0, 0);
        for (var i = 0; i < looks.Count; i++)
        {
            var n = looks[i];
            var target = errorRate * Math.Min(1.0, n / (double)maximumRounds);
            var increment = target - spent;
            var root = Math.Sqrt(n);
            double boundary;
            if (i == 0)
            {
                boundary = Solve(b => NormalTail.Upper(b / root), increment, root);
            }
            else
            {
                var spread = Math.Sqrt(n - previous);
                var weights = Simpson(grid);
                var (g, f) = (grid, density);
                boundary = Solve(b => Crossing(g, f, weights, b, spread), increment, root);
                levels[i] = NormalTail.Upper(boundary / root);
                (spent, previous) = (target, n);
                if (i == looks.Count - 1)
                {
                    break;
                }

                var next = Spaced(-Below * root, boundary);
                var carried = new double[Points];
                for (var j = 0; j < Points; j++)
                {
                    var sum = 0.0;
                    for (var k = 0; k < Points; k++)
                    {
                        sum += weights[k] * f[k] * NormalTail.Density((next[j] - g[k]) / spread);
                    }

                    carried[j] = sum / spread;
                }

                (grid, density) = (next, carried);
                continue;
            }

            grid = Spaced(-Below * root, boundary);
            density = [.. grid.Select(s => NormalTail.Density(s / root) / root)];
            // Nothing before the first look: its level is its share, exactly.
            levels[i] = increment;
            (spent, previous) = (target, n);
        }

        return levels;
    }

    /// <summary>The chance of crossing <paramref name="boundary"/> at this look from the continuation region of the last.</summary>
    private static double Crossing(double[] grid, double[] density, double[] weights, double boundary, double spread)
    {
        var sum = 0.0;
        for (var k = 0; k < grid.Length; k++)
        {
            sum += weights[k] * density[k] * NormalTail.Upper((boundary - grid[k]) / spread);
        }

        return sum;
    }

    /// <summary>The boundary at which the decreasing <paramref name="crossing"/> equals <paramref name="target"/>, by bisection.</summary>
    private static double Solve(Func<double, double> crossing, double target, double root)
    {
        if (!(target > 0))
        {
            return double.PositiveInfinity;
        }

        var (low, high) = (-Below * root, 40 * root);
        for (var i = 0; i < 60 && high - low > 1e-12 * root; i++)
        {
            var middle = (low + high) / 2;
            if (crossing(middle) > target)
            {
                low = middle;
            }
            else
            {
                high = middle;
            }
        }

        // The upper end: its crossing chance is at most the target, so the level never exceeds the share.
        return high;
    }

    private static double[] Spaced(double from, double to) =>
        [.. Enumerable.Range(0, Points).Select(i => from + ((to - from) * i / (Points - 1)))];

    private static double[] Simpson(double[] grid)
    {
        var h = (grid[^1] - grid[0]) / (grid.Length - 1);
        return [.. grid.Select((_, i) => (i == 0 || i == grid.Length - 1 ? 1 : i % 2 == 1 ? 4 : 2) * h / 3)];
    }
}
