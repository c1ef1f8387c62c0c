namespace EventCommitLab.Engine.Statistics;

/// <summary>
/// Least squares with every coefficient at least zero (Lawson and Hanson's active-set method): a cost model's parts are
/// times, and a negative one would predict a cell cheaper the larger it is.
/// </summary>
public static class NonNegativeLeastSquares
{
    /// <summary>The coefficients x ≥ 0 minimising |A·x − b|², for <paramref name="rows"/> of A and <paramref name="targets"/> b.</summary>
    public static double[] Solve(IReadOnlyList<double[]> rows, IReadOnlyList<double> targets)
    {
        ArgumentNullException.ThrowIfNull(rows);
        ArgumentNullException.ThrowIfNull(targets);
        if (rows.Count == 0 || rows.Count != targets.Count || rows.Any(r => r.Length != rows[0].Length))
        {
            throw new ArgumentException("A fit needs one target per row and rows of one length.", nameof(rows));
        }

        // Columns scaled to unit length first: a cost model's features differ by orders of magnitude.
        var n = rows[0].Length;
        var norms = Enumerable.Range(0, n).Select(j => Math.Sqrt(rows.Sum(r => r[j] * r[j]))).Select(v => v > 0 ? v : 1).ToArray();
        var scaled = rows.Select(r => r.Select((v, j) => v / norms[j]).ToArray()).ToArray();
        return [.. Fit(scaled, targets, n).Select((v, j) => v / norms[j])];
    }

    private static double[] Fit(IReadOnlyList<double[]> rows, IReadOnlyList<double> targets, int n)
    {
        var x = new double[n];
        var passive = new bool[n];
        const double Tolerance = 1e-12;
        for (var iteration = 0; iteration < 3 * n + 30; iteration++)
        {
            var gradient = Gradient(rows, targets, x);
            var next = Enumerable.Range(0, n).Where(j => !passive[j] && gradient[j] > Tolerance).DefaultIfEmpty(-1).MaxBy(j => j < 0 ? 0 : gradient[j]);
            if (next < 0)
            {
                return x;
            }

            passive[next] = true;
            while (true)
            {
                var z = Unconstrained(rows, targets, passive);
                if (Enumerable.Range(0, n).Where(j => passive[j]).All(j => z[j] > Tolerance))
                {
                    x = z;
                    break;
                }

                // Step from x toward z as far as every coefficient stays at least zero; those reaching zero leave.
                var step = Enumerable.Range(0, n).Where(j => passive[j] && z[j] <= Tolerance).Min(j => x[j] / (x[j] - z[j]));
                for (var j = 0; j < n; j++)
                {
                    x[j] += step * (z[j] - x[j]);
                    if (passive[j] && x[j] <= Tolerance)
                    {
                        (passive[j], x[j]) = (false, 0);
                    }
                }
            }
        }

        return x;
    }

    /// <summary>Aᵀ(b − A·x): where each coefficient would lower the residual.</summary>
    private static double[] Gradient(IReadOnlyList<double[]> rows, IReadOnlyList<double> targets, double[] x)
    {
        var gradient = new double[x.Length];
        for (var i = 0; i < rows.Count; i++)
        {
            var residual = targets[i] - rows[i].Zip(x, (a, c) => a * c).Sum();
            for (var j = 0; j < x.Length; j++)
            {
                gradient[j] += rows[i][j] * residual;
            }
        }

        return gradient;
    }

    /// <summary>Ordinary least squares over the passive coefficients (the others held at zero), by the normal equations.</summary>
    private static double[] Unconstrained(IReadOnlyList<double[]> rows, IReadOnlyList<double> targets, bool[] passive)
    {
        var columns = Enumerable.Range(0, passive.Length).Where(j => passive[j]).ToArray();
        var m = columns.Length;
        var normal = new double[m, m + 1];
        for (var i = 0; i < rows.Count; i++)
        {
            for (var p = 0; p < m; p++)
            {
                for (var q = 0; q < m; q++)
                {
                    normal[p, q] += rows[i][columns[p]] * rows[i][columns[q]];
                }

                normal[p, m] += rows[i][columns[p]] * targets[i];
            }
        }

        // Gaussian elimination with partial pivoting.
        for (var p = 0; p < m; p++)
        {
            var pivot = Enumerable.Range(p, m - p).MaxBy(r => Math.Abs(normal[r, p]));
            for (var q = 0; q <= m; q++)
            {
                (normal[p, q], normal[pivot, q]) = (normal[pivot, q], normal[p, q]);
            }

            if (Math.Abs(normal[p, p]) < 1e-300)
            {
                continue;
            }

            for (var r = 0; r < m; r++)
            {
                if (r == p)
                {
                    continue;
                }

                var factor = normal[r, p] / normal[p, p];
                for (var q = p; q <= m; q++)
                {
                    normal[r, q] -= factor * normal[p, q];
                }
            }
        }

        var z = new double[passive.Length];
        for (var p = 0; p < m; p++)
        {
            z[columns[p]] = Math.Abs(normal[p, p]) < 1e-300 ? 0 : normal[p, m] / normal[p, p];
        }

        return z;
    }
}
