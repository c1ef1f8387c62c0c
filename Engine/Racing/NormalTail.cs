namespace EventCommitLab.Engine.Racing;

/// <summary>
/// The standard normal's density and upper tail, accurate far into the tail: a sequential boundary spends shares of
/// an error rate as small as a millionth, where a Cdf computed as one minus something near one (Perfolizer's) has lost
/// every digit. Marsaglia's series for the central part; Laplace's continued fraction beyond it.
/// </summary>
internal static class NormalTail
{
    private const double SeriesUpTo = 4;

    private static readonly double InverseRootTwoPi = 1 / Math.Sqrt(2 * Math.PI);

    public static double Density(double x) => InverseRootTwoPi * Math.Exp(-0.5 * x * x);

    /// <summary>P(Z &gt; <paramref name="x"/>) for a standard normal Z.</summary>
    public static double Upper(double x)
    {
        if (double.IsNaN(x))
        {
            return double.NaN;
        }

        if (x < 0)
        {
            return 1 - Upper(-x);
        }

        if (x <= SeriesUpTo)
        {
            // Φ(x) = 1/2 + φ(x)·(x + x³/3 + x⁵/(3·5) + ...): every term positive, so no digit cancels below four.
            double sum = x, term = x, squared = x * x;
            for (var k = 3; term > 1e-17 * sum; k += 2)
            {
                term *= squared / k;
                sum += term;
            }

            return 0.5 - (Density(x) * sum);
        }

        // Q(x) = φ(x) / (x + 1/(x + 2/(x + 3/(x + ...)))), evaluated from the far end; far enough out for beyond four.
        var fraction = x;
        for (var k = 120; k >= 1; k--)
        {
            fraction = x + (k / fraction);
        }

        return Density(x) / fraction;
    }
}
